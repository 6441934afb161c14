"""Montagem dos documentos da custódia (regime `custodia`) a partir dos atos registrados.

Cada documento materializa um ato do quadro (procedimento_custodia.yaml, `documentos` de cada
transição) e declara só o que esse ato e os anteriores gravaram: o recolhimento (Auto de
Apreensão, Termo de Fiel Depositário e, com lacres, o Tipo de Lacre), a aplicação de lacres, a
notificação pessoal (Anexo 3-C) ou por edital (Anexo 3-D) com o prazo que o motor abriu e gravou
na tabela `prazo`, a entrega (Termo de Entrega, Anexo 3-F, com o estado declarado por quem
recebe), o Edital de Leilão (Anexo 3-G) e a Portaria do leiloeiro (Anexo 3-H), NORMAM-07 itens
0309 a 0313. Nenhuma data é calculada aqui: os prazos são os gravados, as demais datas são as
dos atos. Sem o ato que o documento materializa, ou sem o fato que ele declara (edital quando o
responsável foi notificado pessoalmente, Termo de Entrega antes da entrega, Auto de Apreensão de
bem achado), a emissão é recusada dizendo o que falta.

Os tipos de ato vêm do quadro, por marca ou pelo documento (`Maquina.tipos_com`,
`tipos_que_materializam`): nenhum nome de ato está escrito aqui.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from farol.domain.cpf_cnpj import formatar_documento
from farol.domain.papeis import nome_do_papel
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.maquina import Maquina
from farol.domain.procedimento.quadro import Transicao
from farol.erros import Conflito, EntradaInvalida, NaoEncontrado
from farol.normas.citacao import Citacao
from farol.normas.citacoes import citacao
from farol.normas.custodia import dados_custodia
from farol.normas.infracoes import catalogo
from farol.pdf import dados as d
from farol.pdf.formatos import formatar_data
from farol.rules import custodia as regras
from farol.services import montagem_documentos as md
from farol.services.custodia import APREENSAO, REGIME, extratos
from farol.services.fotos_inspecao import TIPOS_ACEITOS, fotos_da_inspecao
from farol.store.orm import (
    Ato,
    Custodia,
    DocumentoAnexo,
    MedidaAdministrativa,
    Pessoa,
    Prazo,
    Processo,
)

CHEGADA = "na chegada à guarda (recolhimento)"

T = d.TipoDocumento

SIGLAS: dict[d.TipoDocumento, str] = {
    T.auto_de_apreensao: "AA",
    T.termo_fiel_depositario: "FD",
    T.tipo_de_lacre: "TL",
    T.notificacao_retirada: "NR",
    T.edital_convocacao: "EC",
    T.termo_entrega_embarcacao: "TE",
    T.edital_leilao: "EL",
    T.portaria_leiloeiro: "PL",
}
"""O número de cada documento é o do processo, a sigla e o nº do ato que ele materializa
("2026/CPSC/000002-AA1"); a Portaria leva o número que o ato de designação registrou."""

DOCUMENTOS_DE_CADA_ATO = (T.notificacao_retirada, T.edital_convocacao)
"""A notificação (ou o edital) para sanar e a para retirar são documentos distintos: a segunda
não substitui a primeira."""


def e_custodia(p: Processo) -> bool:
    return p.regime == REGIME


# --- o ato que o documento materializa --------------------------------------------------------


def _atos(s: Session, p: Processo, tipos: Iterable[str], ate_seq: int | None = None) -> list[Ato]:
    """Os atos do processo dos tipos dados, do mais recente ao mais antigo (até `ate_seq`)."""
    q = select(Ato).where(Ato.processo_id == p.id, Ato.tipo.in_(tuple(tipos)))
    if ate_seq is not None:
        q = q.where(Ato.seq <= ate_seq)
    return list(s.execute(q.order_by(Ato.seq.desc())).scalars())


def ato_do_documento(s: Session, p: Processo, tipo: d.TipoDocumento) -> Ato | None:
    """O último ato que o documento materializa (`montagem_documentos.materializa`: no Tipo de
    Lacre, o último que registrou lacres)."""
    maquina = carregar_regime(p.regime)
    tipos = maquina.tipos_que_materializam(tipo.value)
    atos = _atos(s, p, tipos) if tipos else []
    return next((a for a in atos if md.materializa(maquina, tipo, a.tipo, a.payload)), None)


def _transicao(maquina: Maquina, tipo_ato: str) -> Transicao:
    t = maquina.transicao_do_tipo(tipo_ato)
    assert t is not None and not t.e_correcao, tipo_ato  # um tipo de ato do quadro
    return t


def _nomes(transicoes: Iterable[Transicao]) -> str:
    return " ou ".join(f"“{t.nome}”" for t in transicoes)


def _recusa(s: Session, p: Processo, maquina: Maquina, tipo: d.TipoDocumento) -> Conflito:
    """Por que o documento ainda não se emite (`falta_o_ato`), com o título e a norma."""
    titulo = d.TITULOS[tipo]
    tipos = maquina.tipos_que_materializam(tipo.value)
    transicoes = [t for t in maquina.transicoes if t.tipo_ato in tipos and not t.e_correcao]
    motivo = falta_o_ato(s, p, maquina, tipo)
    if not transicoes:
        return Conflito(f"{titulo}: {motivo}", campo="tipo")
    return Conflito(
        f"{titulo}: {motivo}; o documento declara o que esse ato registra e só se emite "
        f"depois dele (o processo está em {maquina.nome_do_estado(p.estado)})",
        campo="tipo",
        regra=transicoes[0].fonte.referencia(),
    )


def falta_o_ato(s: Session, p: Processo, maquina: Maquina, tipo: d.TipoDocumento) -> str:
    """Por que o documento ainda não se emite, sem o título: falta o ato que ele materializa
    (e, no edital de quem foi notificado pessoalmente, por que não haverá edital)."""
    tipos = maquina.tipos_que_materializam(tipo.value)
    transicoes = [t for t in maquina.transicoes if t.tipo_ato in tipos and not t.e_correcao]
    if not transicoes:
        return (
            f"o procedimento deste processo ({maquina.nome}) não tem o ato que este documento "
            "materializa"
        )
    if tipo == T.tipo_de_lacre and _atos(s, p, tipos):
        motivo = "nenhum lacre foi registrado neste processo"
    else:
        motivo = f"ainda não há neste processo {_nomes(transicoes)}"
    por_edital = any("notifica_por_edital" in t.marcas for t in transicoes)
    pessoal = _atos(s, p, maquina.tipos_com("notifica_responsavel")) if por_edital else []
    if pessoal:
        n = pessoal[0]
        motivo += (
            f": o responsável foi notificado pessoalmente ({_transicao(maquina, n.tipo).nome}, "
            f"ato nº {n.seq}, em {formatar_data(n.data_ato)}), e o edital só se expede quando "
            "desconhecido o responsável ou a sua residência"
        )
    return motivo


# --- o que todo documento da custódia lê --------------------------------------------------------


@dataclass(frozen=True)
class _Custodia:
    """O processo de custódia, o ato documentado e o que a abertura gravou."""

    s: Session
    p: Processo
    c: Custodia
    maquina: Maquina
    ato: Ato
    recolhimento: Ato
    medida: MedidaAdministrativa | None
    origem: Processo | None
    base: dict[str, Any]

    def numero(self, tipo: d.TipoDocumento, ato: Ato | None = None) -> str:
        return f"{self.p.numero}-{SIGLAS[tipo]}{(ato or self.ato).seq}"

    def anteriores(self, marca: str) -> list[Ato]:
        """Os atos com a marca até o ato documentado, do mais recente ao mais antigo."""
        return _atos(self.s, self.p, self.maquina.tipos_com(marca), self.ato.seq)

    def fundamentos(self, *marcas: str, do_ato: bool = True) -> tuple[d.Fundamento, ...]:
        """As fontes da transição do ato documentado (sem `do_ato`, não) e das marcas dadas,
        com o texto literal."""
        fontes: list[Citacao] = [*_transicao(self.maquina, self.ato.tipo).fontes] if do_ato else []
        for m in marcas:
            fontes += self.maquina.marca(m).fontes
        vistos: dict[str, d.Fundamento] = {}
        for c in fontes:
            vistos.setdefault(
                c.referencia() + c.texto, d.Fundamento(referencia=c.referencia(), texto=c.texto)
            )
        return tuple(vistos.values())

    def assinatura(self, ato: Ato | None = None) -> d.Assinatura:
        a = ato or self.ato
        return md._assinatura_autoridade(self.s, a, nome_do_papel(a.papel))

    @property
    def guarda(self) -> dict[str, Any]:
        return dict(self.recolhimento.payload or {})


def _contexto(
    s: Session, p: Processo, maquina: Maquina, ato: Ato, base: dict[str, Any]
) -> _Custodia:
    c = s.get(Custodia, p.id)
    assert c is not None, "processo do regime custodia sem a linha de custodia"
    recolhimento = _atos(s, p, maquina.tipos_com("recolhe_bem"))[-1]
    return _Custodia(
        s=s,
        p=p,
        c=c,
        maquina=maquina,
        ato=ato,
        recolhimento=recolhimento,
        medida=s.get(MedidaAdministrativa, c.medida_id) if c.medida_id else None,
        origem=s.get(Processo, p.origem_id) if p.origem_id else None,
        base=base,
    )


def _parte(quem: dict[str, Any], papel: str, qualificacao: str | None = None) -> d.Parte:
    """Quem foi identificado num ato (fiel depositário, recebedor, leiloeiro)."""
    return d.Parte(
        papel=papel,
        nome=str(quem["nome"]),
        documento=formatar_documento(str(quem["documento"])),
        endereco=quem.get("endereco") or None,
        qualificacao=qualificacao,
    )


def _qualidade(qualidade: str | None) -> str | None:
    """'proprietario' -> 'proprietário da embarcação' (autores.yaml); sem nome ali, o id."""
    if not qualidade:
        return None
    autor = catalogo().autores.get(qualidade)
    return autor.nome if autor else qualidade.replace("_", " ")


def _responsavel(x: _Custodia, papel: str) -> tuple[d.Parte, ...]:
    pessoa = x.s.get(Pessoa, x.p.autuado_id) if x.p.autuado_id else None
    if pessoa is None:
        return ()
    return (
        d.Parte(
            papel=papel,
            nome=pessoa.nome,
            documento=formatar_documento(pessoa.documento),
            endereco=pessoa.endereco,
        ),
    )


def _infracoes(x: _Custodia) -> tuple[d.Infracao, ...]:
    return md._infracoes(x.s, x.origem) if x.origem else ()


def _conduta(i: d.Infracao) -> str:
    try:
        infracao = catalogo().infracao(i.codigo)
    except NaoEncontrado:  # fora do catálogo da LESTA: o texto como a norma o dá
        return i.texto
    return f"{infracao.descricao} ({infracao.fonte.referencia()})"


def _apreensao(x: _Custodia, **extra: Any) -> d.Apreensao | None:
    """A apreensão que abriu a custódia, com o que o recolhimento gravou (nenhuma no achado)."""
    if x.medida is None:
        return None
    # a conduta que levou à apreensão e o dispositivo ("deixar de inscrever ou de registrar a
    # embarcação (RLESTA art. 16, I)"), não o texto literal inteiro, que traz a penalidade
    motivo = "; ".join(_conduta(i) for i in _infracoes(x))
    return d.Apreensao(
        data_hora=x.medida.aplicada_em,
        local_recolhimento=str(x.guarda.get("local_guarda") or x.c.bem),
        motivo=motivo or x.c.bem,
        fundamento="; ".join([citacao(APREENSAO).referencia(), *x.medida.fundamentos[:2]]),
        numero_auto=x.numero(T.auto_de_apreensao, x.recolhimento),
        estado_na_chegada=x.guarda.get("estado_na_chegada") or None,
        **extra,
    )


def _exigir_apreensao(x: _Custodia, tipo: d.TipoDocumento) -> d.Apreensao:
    a = _apreensao(x)
    if a is None:
        raise Conflito(
            f"{d.TITULOS[tipo]}: esta custódia é de bem achado ({x.c.bem}), recolhido sem "
            "apreensão; o documento declara a apreensão de uma embarcação, que não houve",
            campo="tipo",
            regra=_transicao(x.maquina, x.recolhimento.tipo).fonte.referencia(),
        )
    return a


def _exigir_embarcacao(x: _Custodia, tipo: d.TipoDocumento) -> d.Embarcacao:
    e = x.base.get("embarcacao")
    if e is None:
        raise Conflito(
            f"{d.TITULOS[tipo]}: o bem sob guarda ({x.c.bem}) não é embarcação registrada; o "
            "modelo da norma descreve a embarcação",
            campo="tipo",
        )
    assert isinstance(e, d.Embarcacao)
    return e


def _observacoes(*textos: Any) -> str | None:
    partes = [str(t).strip() for t in textos if t and str(t).strip()]
    return "\n".join(partes) or None


def _lacres(x: _Custodia) -> tuple[d.Lacre, ...]:
    """Os lacres registrados até o ato documentado (no recolhimento e nos atos de lacre)."""
    marcas = ("recolhe_bem", "registra_lacres")
    tipos = {t for m in marcas for t in x.maquina.tipos_com(m)}
    return tuple(
        d.Lacre(
            numero=lacre["numero"],
            tipo=lacre["tipo"],
            local_aplicacao=lacre["local_aplicacao"],
            aplicado_em=a.data_ato,
        )
        for a in reversed(_atos(x.s, x.p, tipos, x.ato.seq))
        for lacre in (a.payload or {}).get("lacres", [])
    )


def _prazos(x: _Custodia, marco: Callable[[Prazo], str]) -> tuple[d.Prazo, ...]:
    """Os prazos que o ato documentado abriu, como o motor os gravou (nunca recalculados)."""
    gravados = md._prazos_do_ato(x.s, x.p, x.ato)
    if not gravados:
        raise Conflito(
            f"o ato nº {x.ato.seq} não tem prazo gravado no processo: o documento não anuncia "
            "um prazo que o Farol não registrou",
            campo="tipo",
        )
    return tuple(md._prazo_gravado(p, marco(p)) for p in gravados)


def _pendencias(x: _Custodia) -> tuple[d.Valor, ...]:
    """O que falta pagar para a entrega na data do ato (NORMAM-07 item 0312 a): as contas da
    custódia (farol.services.custodia), as mesmas da página e da recusa da entrega."""
    e = extratos(x.s, [(x.c, x.p)], x.ato.data_ato)[x.p.id]
    nomes = {k: v.nome for k, v in dados_custodia().itens_diarios.items()}
    fundamento = x.maquina.marca("paga_custodia").fontes[0].referencia()
    ate = formatar_data(e.ate)
    return tuple(
        d.Valor(descricao=f"{p.descricao}, até {ate}", valor=p.valor, fundamento=fundamento)
        for p in regras.pendencias(e, nomes)
    )


def _sanada(x: _Custodia) -> bool:
    """Se, antes do ato, a irregularidade foi sanada ou o bem achado reclamado."""
    return bool(x.anteriores("sana_irregularidade") or x.anteriores("reclama_bem"))


# --- cada documento ---------------------------------------------------------------------------


def _auto_de_apreensao(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    apreensao = _exigir_apreensao(x, tipo)
    fiel = x.guarda.get("fiel_depositario")
    fotos = [
        (f.nome_arquivo, f.sha256, f.tirada_em, f.descricao)
        for f in (fotos_da_inspecao(x.s, x.p.inspecao_id) if x.p.inspecao_id else [])
    ]
    # as fotos do bem na chegada à guarda: as imagens anexadas ao próprio recolhimento
    fotos += [
        (nome, sha256, criado_em, CHEGADA)
        for nome, sha256, criado_em in x.s.execute(
            select(DocumentoAnexo.nome_arquivo, DocumentoAnexo.sha256, DocumentoAnexo.criado_em)
            .where(DocumentoAnexo.ato_id == x.ato.id, DocumentoAnexo.tipo_mime.in_(TIPOS_ACEITOS))
            .order_by(DocumentoAnexo.id)
        )
    ]
    interessados = _responsavel(x, "Proprietário")
    if fiel:
        interessados += (_parte(fiel, "Fiel depositário", _qualidade(fiel.get("qualidade"))),)
    return d.DadosDocumento(
        **x.base,
        numero_documento=x.numero(tipo),
        interessados=interessados,
        fato=md._fato(x.s, x.origem) if x.origem else None,
        apreensao=apreensao,
        infracoes=_infracoes(x),
        lacres=tuple(
            d.Lacre(**lacre, aplicado_em=x.ato.data_ato) for lacre in x.guarda.get("lacres", [])
        ),
        fotos=tuple(
            d.Foto(numero=n, nome_arquivo=nome, sha256=sha256, tirada_em=quando, descricao=descr)
            for n, (nome, sha256, quando, descr) in enumerate(fotos, start=1)
        ),
        observacoes=_observacoes(x.guarda.get("texto")),
        fundamentos=x.fundamentos("recolhe_bem", do_ato=False),  # sem o item do bem achado
        assinaturas=(
            x.assinatura(),
            d.Assinatura(
                papel="Responsável pela embarcação",
                nome=interessados[0].nome if interessados else None,
            ),
        ),
    )


def _termo_fiel_depositario(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    apreensao = _exigir_apreensao(x, tipo)
    fiel = x.guarda.get("fiel_depositario")
    if not fiel:
        raise Conflito(
            f"{d.TITULOS[tipo]}: o recolhimento (ato nº {x.recolhimento.seq}) não designou fiel "
            "depositário; a embarcação está sob a guarda da própria OM",
            campo="tipo",
            regra=dados_custodia().qualidades_do_depositario.fonte.referencia(),
        )
    depositario = _parte(fiel, "Fiel depositário", _qualidade(fiel.get("qualidade")))
    return d.DadosDocumento(
        **x.base,
        numero_documento=x.numero(tipo),
        interessados=(depositario,),
        apreensao=apreensao,
        fundamentos=(
            d.Fundamento(
                referencia=dados_custodia().qualidades_do_depositario.fonte.referencia(),
                texto=dados_custodia().qualidades_do_depositario.fonte.texto,
            ),
            *x.fundamentos("recolhe_bem", do_ato=False),
        ),
        assinaturas=(
            d.Assinatura(
                papel="Fiel depositário(a)",
                nome=depositario.nome,
                documento=depositario.documento,
                data=x.ato.data_ato,
            ),
            x.assinatura(),
        ),
    )


def _tipo_de_lacre(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    _exigir_embarcacao(x, tipo)
    return d.DadosDocumento(
        **x.base,
        numero_documento=x.numero(tipo),
        interessados=_responsavel(x, "Proprietário"),
        apreensao=_apreensao(x),
        lacres=_lacres(x),
        observacoes=_observacoes((x.ato.payload or {}).get("texto")),
        fundamentos=x.fundamentos("registra_lacres", do_ato=False),
        assinaturas=(x.assinatura(), d.Assinatura(papel="Responsável pela embarcação")),
    )


def _notificacao(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    """Notificação (Anexo 3-C), entregue pessoalmente: a data do ato é a do recibo na 2ª via, e
    o prazo é o que esse ato abriu."""
    _exigir_embarcacao(x, tipo)
    interessados = _responsavel(x, "Notificado")
    prazos = _prazos(
        x,
        lambda p: (
            f"ao recebimento desta notificação ({formatar_data(p.inicio)}, data do "
            "recibo na 2ª via)"
        ),
    )
    return d.DadosDocumento(
        **x.base,
        numero_documento=x.numero(tipo),
        interessados=interessados,
        apreensao=_exigir_apreensao(x, tipo).model_copy(
            update={"irregularidades_sanadas": _sanada(x)}
        ),
        prazos=prazos,
        valores=_pendencias(x),
        observacoes=_observacoes((x.ato.payload or {}).get("texto")),
        fundamentos=x.fundamentos("notifica_responsavel"),
        assinaturas=(x.assinatura(),),
    )


def _edital(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    """Edital (Anexo 3-D), publicado ou afixado: a data do ato é a da publicação, de que corre
    o prazo que esse ato abriu."""
    _exigir_embarcacao(x, tipo)
    dados = x.ato.payload or {}
    prazos = _prazos(
        x, lambda p: f"à publicação ou afixação deste Edital ({formatar_data(p.inicio)})"
    )
    return d.DadosDocumento(
        **x.base,
        numero_documento=x.numero(tipo),
        interessados=_responsavel(x, "Proprietário"),
        apreensao=_exigir_apreensao(x, tipo).model_copy(
            update={"irregularidades_sanadas": _sanada(x)}
        ),
        prazos=prazos,
        valores=_pendencias(x),
        observacoes=_observacoes(
            f"Publicado ou afixado em: {dados.get('publicacao')}, em "
            f"{formatar_data(x.ato.data_ato)}.",
            dados.get("texto"),
        ),
        fundamentos=x.fundamentos("notifica_por_edital"),
        assinaturas=(x.assinatura(),),
    )


def _termo_de_entrega(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    """Termo de Entrega (Anexo 3-F): quem recebe, o estado que declarou e os pagamentos
    registrados até a entrega (NORMAM-07 item 0312 a e d)."""
    _exigir_embarcacao(x, tipo)
    dados = x.ato.payload or {}
    quem = dados["recebedor"]
    recebedor = _parte(quem, "Recebedor", _qualidade(quem.get("qualidade")))
    fundamento = x.maquina.marca("paga_custodia").fontes[0].referencia()
    pagamentos = tuple(
        d.Valor(
            descricao=f"Pagamento das despesas da custódia ({a.payload['referencia']}), em "
            f"{formatar_data(a.data_ato)}",
            valor=Decimal(a.payload["valor"]),
            fundamento=fundamento,
        )
        for a in reversed(x.anteriores("paga_custodia"))
    )
    return d.DadosDocumento(
        **x.base,
        numero_documento=x.numero(tipo),
        interessados=(recebedor,),
        apreensao=_apreensao(x),
        valores=pagamentos,
        declaracao=str(dados["declaracao"]),
        fundamentos=x.fundamentos("entrega_bem"),
        # lavrado e assinado na entrega: o local e a data são os dela, não os da emissão
        assinaturas=(
            d.Assinatura(
                papel="Recebedor(a)",
                nome=recebedor.nome,
                documento=recebedor.documento,
                data=x.ato.data_ato,
            ),
            x.assinatura(),
        ),
    )


def _leilao(x: _Custodia, edital: Ato) -> d.Leilao:
    """O leilão como o Edital de Leilão o registrou, com o perdimento que o precedeu."""
    dados = edital.payload or {}
    decisoes = _atos(x.s, x.p, x.maquina.tipos_com("decisao"), edital.seq)
    perdimento = decisoes[0] if decisoes else None
    return d.Leilao(
        bem=x.c.bem,
        local_guarda=x.guarda.get("local_guarda") or None,
        perdimento_em=perdimento.data_ato if perdimento else None,
        perdimento_fundamentacao=(perdimento.payload or {}).get("fundamentacao")
        if perdimento
        else None,
        edital_numero=x.numero(T.edital_leilao, edital),
        publicado_em=edital.data_ato,
        jornal=str(dados["jornal"]),
        data_leilao=dados["data_leilao"],
        local=str(dados["local"]),
        valor_avaliacao=Decimal(dados["valor_avaliacao"]),
    )


def _edital_leilao(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    return d.DadosDocumento(
        **x.base,
        numero_documento=x.numero(tipo),
        interessados=_responsavel(x, "Proprietário"),
        apreensao=_apreensao(x),
        leilao=_leilao(x, x.ato),
        fundamentos=x.fundamentos("publica_leilao"),
        assinaturas=(x.assinatura(),),
    )


def _portaria_leiloeiro(x: _Custodia, tipo: d.TipoDocumento) -> d.DadosDocumento:
    dados = x.ato.payload or {}
    editais = x.anteriores("publica_leilao")
    if not editais:  # o quadro só designa com o leilão em edital; a guarda, por segurança
        raise Conflito(
            f"{d.TITULOS[tipo]}: não há Edital de Leilão antes da designação", campo="tipo"
        )
    matricula = str(dados["matricula"]) if dados.get("matricula") else None
    leiloeiro = _parte(
        dados["leiloeiro"],
        "Leiloeiro",
        f"leiloeiro(a), matrícula {matricula}" if matricula else "leiloeiro(a)",
    )
    edital = editais[0]
    return d.DadosDocumento(
        **x.base,
        numero_documento=str(dados["portaria"]),
        interessados=(leiloeiro,),
        leilao=_leilao(x, edital).model_copy(
            update={
                "portaria": str(dados["portaria"]),
                "designado_em": x.ato.data_ato,
                "matricula_leiloeiro": matricula,
            }
        ),
        referencias=(
            d.Referencia(
                documento=d.TITULOS[T.edital_leilao],
                numero=x.numero(T.edital_leilao, edital),
                data=edital.data_ato,
            ),
        ),
        fundamentos=x.fundamentos("designa_leiloeiro"),
        assinaturas=(x.assinatura(),),
    )


MONTADORES: dict[d.TipoDocumento, Callable[[_Custodia, d.TipoDocumento], d.DadosDocumento]] = {
    T.auto_de_apreensao: _auto_de_apreensao,
    T.termo_fiel_depositario: _termo_fiel_depositario,
    T.tipo_de_lacre: _tipo_de_lacre,
    T.notificacao_retirada: _notificacao,
    T.edital_convocacao: _edital,
    T.termo_entrega_embarcacao: _termo_de_entrega,
    T.edital_leilao: _edital_leilao,
    T.portaria_leiloeiro: _portaria_leiloeiro,
}


def montar(
    s: Session,
    p: Processo,
    tipo: d.TipoDocumento,
    base: dict[str, Any],
    extras: dict[str, Any] | None = None,
) -> d.DadosDocumento:
    """Os dados do documento da custódia, lidos dos atos registrados; a recusa (409) dizendo o
    ato que falta."""
    if extras:
        campo = next(iter(extras))
        raise EntradaInvalida(
            f"{d.TITULOS[tipo]}: os documentos da custódia se montam só dos atos registrados "
            f"(dados.{campo} não é aceito); registre o fato pelo ato que o documento materializa",
            campo=f"dados.{campo}",
        )
    maquina = carregar_regime(p.regime)
    montador = MONTADORES.get(tipo)
    ato = ato_do_documento(s, p, tipo)
    if montador is None or ato is None:
        raise _recusa(s, p, maquina, tipo)
    return montador(_contexto(s, p, maquina, ato, base), tipo)


def recusa_fora_da_custodia(s: Session, p: Processo, tipo: d.TipoDocumento) -> Conflito:
    """O documento da custódia pedido noutro processo: aponta a custódia aberta pela apreensão
    dele, se houver."""
    custodias = s.execute(
        select(Processo.numero)
        .join(Custodia, Custodia.processo_id == Processo.id)
        .where(Processo.origem_id == p.id)
        .order_by(Processo.id)
    ).scalars()
    numeros = list(custodias)
    onde = (
        f"emita-o no processo de custódia {', '.join(numeros)}"
        if numeros
        else "abra a custódia pelo recolhimento da embarcação apreendida e emita-o nela"
    )
    return Conflito(
        f"{d.TITULOS[tipo]} é documento do processo de custódia, montado dos atos dela: {onde}",
        campo="tipo",
    )
