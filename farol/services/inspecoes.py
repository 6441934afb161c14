"""Registrar uma inspeção: constatações → infrações, medidas liminares e notificações.

Cada pessoa a notificar recebe a sua Notificação para Comparecimento, que abre um processo
(NORMAM 2023 item 3.6.1) com as infrações que lhe cabem. `avaliar` responde o mesmo sem gravar
(a página do inspetor mostra as medidas à medida que ele marca as constatações).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, Field, field_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from farol import entrada
from farol.domain.cpf_cnpj import formatar_documento, tipo_de_pessoa, validar_documento
from farol.domain.papeis import INSPECIONA, nome_do_papel, papeis_com, quem_tem
from farol.erros import Conflito, EntradaInvalida, ErroFarol, ForaDeVigencia, recusar_juntos
from farol.formatos import data as data_br
from farol.normas import versao as versao_normas
from farol.normas.citacoes import citacao
from farol.normas.infracoes import catalogo
from farol.normas.medidas import carregar_tabela
from farol.relogio import agora, data_local
from farol.rules.autoria import PAPEIS_DA_INSPECAO, Responsavel, responsaveis
from farol.rules.medidas import ResultadoMedidas, aplicar_medidas, constatacao_de_dict
from farol.rules.prescricao import exigir_fato_apuravel
from farol.rules.transicao import MedidasACriterio, medidas_a_criterio
from farol.services import divergencias, fotos_inspecao, idempotencia
from farol.services.comandos import Modelo
from farol.services.fotos_inspecao import FotoEnviada
from farol.services.inspecao_do_processo import SEM_SINAL, pessoas_da_inspecao
from farol.services.jurisdicao import Ator
from farol.services.processos import abrir_processo
from farol.services.resultados.inspecao import AvaliacaoDaInspecao, InspecaoRegistrada
from farol.services.unit_of_work import UnitOfWork
from farol.store.inserir import inserir_se_faltar
from farol.store.numeracao import NOTIFICACAO, numero_oficial, proximo_numero
from farol.store.orm import (
    OM,
    Constatacao,
    Custodia,
    Embarcacao,
    Inspecao,
    MedidaAdministrativa,
    Notificacao,
    Pessoa,
    Prazo,
    Processo,
)

TOLERANCIA_RELOGIO = dt.timedelta(minutes=5)  # relógio do celular do inspetor adiantado
PRECISAO_MAXIMA_M = 1_000_000  # metros: o aparelho sem GPS dá a posição da rede, às vezes km
SEIS_CASAS = Decimal("0.000001")
PAPEIS_QUE_INSPECIONAM = papeis_com(INSPECIONA)  # normas/dados/papeis.yaml


def recusa_ao_papel(papel: str) -> str:
    """A inspeção recusada ao papel que não inspeciona (a API e a página dizem o mesmo)."""
    return f"o papel {nome_do_papel(papel)} não registra inspeções; cabe a: {quem_tem(INSPECIONA)}"


class DadosPessoa(Modelo):
    documento: str = Field(min_length=11, max_length=20, description="CPF ou CNPJ")
    nome: str = Field(min_length=2, max_length=200)
    endereco: str | None = Field(default=None, max_length=500)
    email: str | None = Field(default=None, max_length=200)
    telefone: str | None = Field(default=None, max_length=30)


class DadosEmbarcacao(Modelo):
    """O que não foi informado fica nulo (nada de "lancha", "motor" ou 6,00 m por padrão): os
    documentos imprimem a linha em branco para preencher à mão (docs/documentos.md)."""

    inscricao: str = Field(min_length=3, max_length=30)
    nome: str = Field(min_length=1, max_length=200)
    tipo: str | None = Field(default=None, min_length=1, max_length=60)
    propulsao: str | None = Field(default=None, min_length=1, max_length=30)
    comprimento: Decimal | None = Field(
        default=None, gt=0, max_digits=8, decimal_places=2, description="em metros"
    )
    estrangeira: bool = False

    @field_validator("tipo", "propulsao", mode="before")
    @classmethod
    def _em_branco_e_nao_informado(cls, valor: Any) -> Any:
        return None if isinstance(valor, str) and not valor.strip() else valor


class DadosConstatacao(Modelo):
    infracao: str = Field(max_length=entrada.CODIGO)
    descricao: str | None = Field(default=None, max_length=2000)
    categoria_item: Literal["salvatagem", "radiocomunicacao", "incendio", "outros"] | None = None
    anos_vencida: Decimal | None = Field(default=None, ge=0, max_digits=6, decimal_places=2)
    faltas: int | None = Field(default=None, ge=1, le=entrada.QUANTIDADE_MAXIMA)
    embarcacao_inscrita: bool | None = None
    condutor_possui_habilitacao: bool | None = None
    reincidente: bool = False


class Localizacao(Modelo):
    """A posição do GPS do celular (graus decimais, WGS 84), editável pelo inspetor; arredondada
    a seis casas (cerca de 0,1 m, muito abaixo da precisão de qualquer GPS)."""

    latitude: Decimal = Field(ge=-90, le=90)
    longitude: Decimal = Field(ge=-180, le=180)
    precisao_m: int | None = Field(
        default=None, ge=0, le=PRECISAO_MAXIMA_M, description="precisão informada pelo aparelho"
    )

    @field_validator("latitude", "longitude")
    @classmethod
    def _seis_casas(cls, valor: Decimal) -> Decimal:
        return valor.quantize(SEIS_CASAS)


class NovaInspecao(Modelo):
    embarcacao: DadosEmbarcacao
    proprietario: DadosPessoa
    condutor: DadosPessoa | None = None
    data_hora: AwareDatetime
    local: str = Field(min_length=2, max_length=300)
    situacao: Literal["navegando", "parada"]
    condutor_habilitado_presente: bool = False
    constatacoes: list[DadosConstatacao] = Field(default_factory=list, max_length=40)
    comparecimento_em: dt.date | None = Field(
        default=None,
        description="data de comparecimento que consta da Notificação, quando a norma em vigor "
        "na data da inspeção não fixa o prazo (antes de 01/12/2023: NORMAM-07 item 0306 a I)",
    )
    localizacao: Localizacao | None = Field(
        default=None, description="onde a inspeção foi feita, pelo GPS do celular (ou nulo)"
    )


class DecisaoSemSinal(Modelo):
    """O que o aparelho decidiu sem sinal (farol/web/estatico/medidas_offline.js), enviado com
    a inspeção que esperou na fila: a versão dos dados usada e as medidas calculadas."""

    versao: str = Field(min_length=1, max_length=64)
    medidas: list[Annotated[str, Field(max_length=entrada.CODIGO)]] = Field(
        default_factory=list, max_length=40
    )


def diferencas_sem_sinal(
    decisao: DecisaoSemSinal, medidas_do_servidor: Sequence[str]
) -> list[dict[str, str]]:
    """Onde a decisão do aparelho difere da do servidor, que decide de novo ao receber (com os
    dados em vigor na data da inspeção): a versão dos dados e as medidas (a ordem não conta).
    A inspeção fica com a decisão do servidor; a diferença é anotada, nunca silenciosa."""
    tabela = carregar_tabela()

    def nomes(medidas: Sequence[str]) -> str:
        texto = "; ".join(tabela.medidas[m].nome if m in tabela.medidas else m for m in medidas)
        return texto or "nenhuma medida"

    achadas: list[dict[str, str]] = []
    atual = versao_normas.versao_dos_dados()
    if decisao.versao != atual:
        achadas.append(
            {
                "campo": "versao_dos_dados",
                "rotulo": "Versão dos dados das medidas",
                "no_aparelho": decisao.versao,
                "no_servidor": atual,
            }
        )
    if set(decisao.medidas) != set(medidas_do_servidor):
        achadas.append(
            {
                "campo": "medidas",
                "rotulo": "Medidas administrativas liminares",
                "no_aparelho": nomes(decisao.medidas),
                "no_servidor": nomes(medidas_do_servidor),
            }
        )
    return achadas


def custodia_em_curso(s: Session, embarcacao_id: int) -> dict[str, str] | None:
    """A diferença que o aparelho sem sinal não tinha como ver: a embarcação já está sob
    custódia (recolhida a uma OM e ainda não entregue nem destinada)."""
    linha = s.execute(
        select(Processo.numero, Custodia.inicio)
        .join(Custodia, Custodia.processo_id == Processo.id)
        .where(Custodia.embarcacao_id == embarcacao_id, Custodia.fim.is_(None))
    ).first()
    if linha is None:
        return None
    return {
        "campo": "custodia",
        "rotulo": "Embarcação sob custódia",
        "no_aparelho": "não consultado (sem sinal)",
        "no_servidor": f"sob custódia no processo {linha[0]} desde {data_br(linha[1])}",
    }


def _com_campo(prefixo: str, f: Any) -> Any:
    try:
        return f()
    except ErroFarol as e:
        e.campo = f"{prefixo}.{e.campo}" if e.campo else prefixo
        raise


def _medidas_da_constatacao(n: int, entrada: dict[str, Any]) -> ResultadoMedidas:
    """As medidas de uma constatação; o erro nomeia o campo do formulário: a data da
    constatação é a `data_hora` da inspeção, o resto é da constatação `n`."""
    try:
        return aplicar_medidas(constatacao_de_dict(entrada))
    except ErroFarol as e:
        if e.campo == "data_inspecao":
            e.campo = "data_hora"
            raise
        e.campo = f"constatacoes.{n}.{e.campo}" if e.campo else f"constatacoes.{n}"
        raise


def avaliar(cmd: NovaInspecao) -> AvaliacaoDaInspecao:
    """Infrações, medidas e quem notificar, sem gravar nada (função pura dos dados).

    As medidas são as vigentes na data da inspeção (a de `data_hora`, no fuso do Farol); a
    prévia da página, que pode não ter a data ainda, avalia sem data."""
    cat = catalogo()
    itens = []
    medidas: list[str] = []
    notificar: list[str] = []
    lacunas: list[dict[str, Any]] = []
    data = data_local(cmd.data_hora) if "data_hora" in cmd.model_fields_set else None
    for n, c in enumerate(cmd.constatacoes):
        entrada = {
            "infracao": c.infracao,
            "data_inspecao": data,
            "situacao": cmd.situacao,
            "condutor_habilitado_presente": cmd.condutor_habilitado_presente,
            "anos_vencida": c.anos_vencida,
            "categoria_item": c.categoria_item,
            "embarcacao_inscrita": c.embarcacao_inscrita,
            "condutor_possui_habilitacao": c.condutor_possui_habilitacao,
            "embarcacao_estrangeira": cmd.embarcacao.estrangeira,
            "reincidente": c.reincidente,
        }
        try:
            r = _medidas_da_constatacao(n, entrada)
        except ForaDeVigencia as e:
            criterio = (
                medidas_a_criterio(c.infracao, data) if data and e.campo == "data_hora" else None
            )
            if criterio is None:
                raise
            itens.append(_sem_tabela(c.infracao, criterio))
            continue
        inf = cat.infracao(r.infracao_aplicavel)
        lacuna = r.lacuna.para_json() if r.lacuna else None
        itens.append(
            {
                "infracao": c.infracao,
                "infracao_aplicavel": r.infracao_aplicavel,
                "descricao": inf.descricao,
                "penalidade": inf.penalidade_texto,
                "fundamento": inf.fonte.referencia(),
                "medidas": list(r.medidas),
                "medidas_dispensadas": list(r.medidas_dispensadas),
                "notificar": [],  # abaixo, da decisão única da autoria
                "fundamentos_autoria": [c.referencia() for c in inf.autoria.fontes],
                "documentos": list(r.documentos),
                "ordens_estrangeira": list(r.ordens_estrangeira),
                "lacuna": lacuna,
                "fundamentos": list(r.fundamentos),
            }
        )
        medidas += [m for m in r.medidas if m not in medidas]
        if lacuna is not None and lacuna not in lacunas:
            lacunas.append(lacuna)
    # Quem responde, por papel (condutor, proprietário): a mesma decisão que, com as pessoas,
    # abre os processos em `registrar_inspecao` (farol.rules.autoria).
    aplicaveis = [str(i["infracao_aplicavel"]) for i in itens]
    por_papel = responsaveis(aplicaveis, {p: p for p in PAPEIS_DA_INSPECAO})
    notificar = _notificar(itens, por_papel)
    return AvaliacaoDaInspecao.model_validate(
        {"constatacoes": itens, "medidas": medidas, "notificar": notificar, "lacunas": lacunas}
    )


def _sem_tabela(infracao: str, criterio: MedidasACriterio) -> dict[str, Any]:
    """A constatação de antes da tabela por infração: sem sugestão de medida, com o aviso de
    que as medidas são escolha da autoridade (dados/transicao.yaml, medidas_antes_da_tabela)."""
    inf = catalogo().infracao(infracao)
    return {
        "infracao": infracao,
        "infracao_aplicavel": infracao,
        "descricao": inf.descricao,
        "penalidade": inf.penalidade_texto,
        "fundamento": inf.fonte.referencia(),
        "medidas": [],
        "medidas_dispensadas": [],
        "notificar": [],
        "fundamentos_autoria": [c.referencia() for c in inf.autoria.fontes],
        "documentos": [],
        "ordens_estrangeira": [],
        "lacuna": None,
        "medidas_a_criterio": criterio.para_json(),
        "fundamentos": list(criterio.fundamentos),
    }


def _notificar(itens: list[dict[str, Any]], decisao: tuple[Responsavel[Any], ...]) -> list[str]:
    """Grava em cada constatação os papéis em que alguém responde por ela (segundo a
    `decisao`) e devolve todos os papéis notificados, na ordem de PAPEIS_DA_INSPECAO."""
    for n, item in enumerate(itens):
        papeis = {i.autor_tipo for r in decisao for i in r.infracoes if i.constatacao == n}
        item["notificar"] = [p for p in PAPEIS_DA_INSPECAO if p in papeis]
    return [p for p in PAPEIS_DA_INSPECAO if any(p in i["notificar"] for i in itens)]


def registrar_pessoa(s: Session, dados: DadosPessoa, campo: str) -> Pessoa:
    """A pessoa do documento (criada se ainda não existe); o erro nomeia `campo`."""
    documento = _com_campo(campo, lambda: validar_documento(dados.documento))
    # Duas inspeções simultâneas da mesma pessoa nova não colidem na restrição única.
    inserir_se_faltar(
        s,
        Pessoa,
        {
            "documento": documento,
            "tipo": tipo_de_pessoa(documento),
            "nome": dados.nome,
            "endereco": dados.endereco,
            "email": dados.email,
            "telefone": dados.telefone,
        },
        ["documento"],
    )
    return s.execute(select(Pessoa).where(Pessoa.documento == documento)).scalar_one()


def registrar_embarcacao(s: Session, dados: DadosEmbarcacao, dono: Pessoa) -> Embarcacao:
    """A embarcação da inscrição (criada se ainda não existe). O cadastro não muda com o que
    foi digitado: o que difere dele fica na inspeção (`divergencias_do_cadastro`)."""
    inscricao = dados.inscricao.upper()
    inserir_se_faltar(
        s,
        Embarcacao,
        {
            "inscricao": inscricao,
            "nome": dados.nome,
            "tipo": dados.tipo,
            "propulsao": dados.propulsao,
            "comprimento": dados.comprimento,
            "proprietario_id": dono.id,
            "estrangeira": dados.estrangeira,
        },
        ["inscricao"],
    )
    return s.execute(select(Embarcacao).where(Embarcacao.inscricao == inscricao)).scalar_one()


def divergencias_do_cadastro(
    s: Session,
    ator: Ator,
    cmd: NovaInspecao,
    emb: Embarcacao,
    dono: Pessoa,
    condutor: Pessoa | None,
) -> list[dict[str, str]]:
    """O que o inspetor informou diferente do cadastro, já gravado antes desta inspeção: a
    embarcação da inscrição (nome, tipo, propulsão, comprimento, bandeira e proprietário) e as
    pessoas dos CPF/CNPJ (nome e, se informados, endereço, e-mail e telefone;
    `farol.services.divergencias`). A inspeção fica como foi digitada (o proprietário é a
    pessoa informada); o cadastro não muda aqui, e a diferença aparece no resultado e na página
    do processo."""
    achadas = [
        *divergencias.da_embarcacao(cmd.embarcacao, emb),
        *divergencias.do_proprietario(s, emb, dono, cmd.proprietario.nome),
        *divergencias.da_pessoa_lida(
            s, ator, "proprietario", "do proprietário", cmd.proprietario, dono
        ),
    ]
    if cmd.condutor is not None and condutor is not None:
        achadas += divergencias.da_pessoa_lida(
            s, ator, "condutor", "do condutor", cmd.condutor, condutor
        )
    return achadas


def recusas_alem_do_formato(dados: dict[str, Any]) -> list[EntradaInvalida]:
    """O que `registrar_inspecao` recusa além do formato, conferido de uma vez: a data e hora
    futura e o dígito verificador de cada CPF/CNPJ. Serve também aos dados ainda crus de um
    formulário com erro de formato: a página mostra essas recusas junto com as de formato (sem
    isso, o CPF errado só aparecia depois de corrigidos os tamanhos)."""
    recusas: list[EntradaInvalida] = []
    try:
        instante = dt.datetime.fromisoformat(str(dados.get("data_hora") or ""))
    except ValueError:
        instante = None
    com_fuso = instante is not None and instante.tzinfo is not None
    if com_fuso and instante is not None and instante > agora() + TOLERANCIA_RELOGIO:
        recusas.append(
            EntradaInvalida("a inspeção não pode ter data e hora futuras", campo="data_hora")
        )
    for papel in ("proprietario", "condutor"):
        pessoa = dados.get(papel)
        documento = pessoa.get("documento") if isinstance(pessoa, dict) else None
        if not isinstance(documento, str) or not documento.strip():
            continue
        try:
            validar_documento(documento)
        except EntradaInvalida as e:
            e.campo = f"{papel}.documento"
            recusas.append(e)
    return recusas


def registrar_inspecao(
    s: Session,
    ator: Ator,
    cmd: NovaInspecao,
    fotos: Sequence[FotoEnviada] = (),
    sem_sinal: DecisaoSemSinal | None = None,
) -> InspecaoRegistrada:
    if ator.papel not in PAPEIS_QUE_INSPECIONAM:
        raise Conflito(
            recusa_ao_papel(ator.papel),
            campo="papel",
            regra=citacao("medidas_administrativas").referencia(),
        )
    data = data_local(cmd.data_hora)
    recusar_juntos(
        recusas_alem_do_formato(
            cmd.model_dump(mode="json", include={"data_hora", "proprietario", "condutor"})
        )
    )
    exigir_fato_apuravel(
        data, data_local(agora()), [c.infracao for c in cmd.constatacoes], campo="data_hora"
    )
    avaliacao = avaliar(cmd).model_dump()
    om = s.get(OM, ator.om_id)
    assert om is not None
    dono = registrar_pessoa(s, cmd.proprietario, "proprietario")
    condutor = registrar_pessoa(s, cmd.condutor, "condutor") if cmd.condutor else None
    # Cada pessoa responde só pelo que é seu (farol.rules.autoria): a mesma decisão dá os
    # processos, a Notificação de cada um, a página do processo e a resposta desta inspeção.
    decisao = responsaveis(
        [i["infracao_aplicavel"] for i in avaliacao["constatacoes"]],
        pessoas_da_inspecao(condutor.id if condutor else None, dono.id),
    )
    avaliacao["notificar"] = _notificar(avaliacao["constatacoes"], decisao)
    emb = registrar_embarcacao(s, cmd.embarcacao, dono)
    do_cadastro = divergencias_do_cadastro(s, ator, cmd, emb, dono, condutor)
    diferencas = diferencas_sem_sinal(sem_sinal, avaliacao["medidas"]) if sem_sinal else []
    if sem_sinal and (sob_guarda := custodia_em_curso(s, emb.id)) is not None:
        diferencas.append(sob_guarda)
    local_gps = cmd.localizacao
    insp = Inspecao(
        om_id=om.id,
        inspetor_id=ator.usuario_id,
        embarcacao_id=emb.id,
        condutor_id=condutor.id if condutor else None,
        proprietario_id=dono.id,
        data_hora=cmd.data_hora.astimezone(dt.UTC),
        local=cmd.local,
        situacao=cmd.situacao,
        condutor_habilitado_presente=cmd.condutor_habilitado_presente,
        latitude=local_gps.latitude if local_gps else None,
        longitude=local_gps.longitude if local_gps else None,
        precisao_m=local_gps.precisao_m if local_gps else None,
        divergencias=[*do_cadastro, *({"tipo": SEM_SINAL, **d} for d in diferencas)] or None,
    )
    s.add(insp)
    s.flush()
    fotos_gravadas = fotos_inspecao.guardar(s, insp.id, fotos)
    for c, item in zip(cmd.constatacoes, avaliacao["constatacoes"], strict=True):
        s.add(
            Constatacao(
                inspecao_id=insp.id,
                infracao=item["infracao_aplicavel"],
                descricao=c.descricao or item["descricao"],
                categoria_item=c.categoria_item,
                faltas=c.faltas,
                anos_vencida=None if c.anos_vencida is None else int(c.anos_vencida),
            )
        )
    for m in avaliacao["medidas"]:
        fund = [f for i in avaliacao["constatacoes"] if m in i["medidas"] for f in i["fundamentos"]]
        s.add(
            MedidaAdministrativa(
                inspecao_id=insp.id,
                tipo=m,
                aplicada_em=cmd.data_hora.astimezone(dt.UTC),
                fundamentos=list(dict.fromkeys(fund)),
            )
        )
    processos: list[dict[str, Any]] = []
    por_id = {x.id: x for x in (dono, condutor) if x is not None}
    for responsavel in decisao:
        pessoa = por_id[responsavel.pessoa]
        infracoes = list(responsavel.codigos)
        try:
            p = abrir_processo(
                s,
                ator,
                om=om,
                autuado_id=pessoa.id,
                embarcacao_id=emb.id,
                inspecao_id=insp.id,
                data_ato=data,
                dados_notificacao={
                    "texto": "Notificação para Comparecimento: " + ", ".join(infracoes),
                    **(
                        {"comparecimento_em": cmd.comparecimento_em.isoformat()}
                        if cmd.comparecimento_em
                        else {}
                    ),
                },
            )
        except ErroFarol as e:  # o campo da notificação é, na inspeção, o do corpo
            if e.campo == "dados.comparecimento_em":
                e.campo = "comparecimento_em"
            raise
        seq = proximo_numero(s, om.id, data.year, NOTIFICACAO)
        numero_notificacao = numero_oficial(data.year, om.sigla, seq)
        s.add(
            Notificacao(
                inspecao_id=insp.id,
                processo_id=p.id,
                pessoa_id=pessoa.id,
                numero=numero_notificacao,
                data=data,
            )
        )
        prazo = s.execute(select(Prazo).where(Prazo.processo_id == p.id)).scalars().first()
        processos.append(
            {
                "id": p.id,
                "numero": p.numero,
                "autuado_id": pessoa.id,
                "autuado": pessoa.nome,
                "documento": formatar_documento(pessoa.documento),
                "papel": responsavel.papeis[0],
                "papeis": list(responsavel.papeis),
                "infracoes": infracoes,
                "autoria": _autoria(responsavel),
                "comparecimento_ate": prazo.vencimento.isoformat() if prazo else None,
                "notificacao": numero_notificacao,
            }
        )
    # Medidas sobre a embarcação respondem ao processo do proprietário; a apreensão da
    # habilitação, ao do condutor (NORMAM 2023 item 3.3.1 a e b).
    por_pessoa = {x["autuado_id"]: x["id"] for x in processos}
    for medida in s.execute(
        select(MedidaAdministrativa).where(MedidaAdministrativa.inspecao_id == insp.id)
    ).scalars():
        quem = condutor if medida.tipo == "apreensao_habilitacao" and condutor else dono
        medida.processo_id = por_pessoa.get(quem.id) or (processos[0]["id"] if processos else None)
    return InspecaoRegistrada.model_validate(
        {
            "inspecao_id": insp.id,
            # a embarcação gravada, a mesma dos processos e das Notificações
            "embarcacao": {
                "id": emb.id,
                "inscricao": emb.inscricao,
                "nome": emb.nome,
                "tipo": emb.tipo,
                "propulsao": emb.propulsao,
                "comprimento": emb.comprimento,
                "estrangeira": emb.estrangeira,
            },
            **avaliacao,
            "processos": processos,
            "fotos": fotos_gravadas,
            "localizacao": local_gps.model_dump() if local_gps else None,
            "divergencias": do_cadastro,
            "diferencas_sem_sinal": diferencas,
        }
    )


def _autoria(responsavel: Responsavel[int]) -> list[dict[str, Any]]:
    """Cada infração da pessoa, uma vez, com o tipo de autor e os fundamentos da autoria."""
    vistas: dict[str, dict[str, Any]] = {}
    for i in responsavel.infracoes:
        vistas.setdefault(
            i.infracao,
            {"infracao": i.infracao, "autor_tipo": i.autor_tipo, "fundamentos": i.fundamentos},
        )
    return list(vistas.values())


def registrar(
    uow: UnitOfWork,
    ator: Ator,
    cmd: NovaInspecao,
    *,
    chave: str | None = None,
    fotos: Sequence[FotoEnviada] = (),
    sem_sinal: DecisaoSemSinal | None = None,
) -> tuple[int, InspecaoRegistrada]:
    """Registra a inspeção (e as fotos, na mesma transação) numa transação própria, sob a
    chave de idempotência do pedido (a resposta gravada é o JSON do resultado; um reenvio a
    devolve como `InspecaoRegistrada`). Uma foto recusada recusa tudo: nada é gravado.
    `sem_sinal`: a decisão do aparelho de uma inspeção que esperou na fila sem sinal; o que
    difere da decisão do servidor fica anotado (`diferencas_sem_sinal`)."""
    fotos_inspecao.validar(fotos)
    # sem posição nem fotos, a assinatura é a de antes delas (reenvios de antes da mudança)
    assinatura = cmd.model_dump_json(exclude={"localizacao"} if cmd.localizacao is None else None)
    if fotos:
        assinatura += "\nfotos:" + fotos_inspecao.assinatura(fotos)
    status, corpo = idempotencia.executar(
        uow,
        ator.usuario_id,
        chave,
        "POST",
        "/inspecoes",
        lambda s: (
            201,
            registrar_inspecao(s, ator, cmd, fotos, sem_sinal).model_dump(mode="json"),
        ),
        idempotencia.assinatura_de(assinatura),
    )
    return status, InspecaoRegistrada.model_validate(corpo)


def apresentar(resultado: AvaliacaoDaInspecao | InspecaoRegistrada) -> dict[str, Any]:
    """A avaliação com os nomes e as citações de cada medida e de cada notificado (o que a
    página mostra e a API também pode dar)."""
    avaliacao = resultado.model_dump(mode="json")
    tabela = carregar_tabela()
    medidas = []
    for tipo in avaliacao["medidas"]:
        fundamentos = [
            f for c in avaliacao["constatacoes"] if tipo in c["medidas"] for f in c["fundamentos"]
        ]
        medida = tabela.medidas.get(tipo)
        previsao = [medida.previsao.referencia()] if medida else []
        medidas.append(
            {
                "tipo": tipo,
                "nome": medida.nome if medida else tipo,
                "fundamentos": list(dict.fromkeys([*fundamentos, *previsao])),
            }
        )
    notificar = []
    for quem in avaliacao["notificar"]:
        autor = tabela.autores.get(quem)
        deste = [c for c in avaliacao["constatacoes"] if quem in c["notificar"]]
        da_autoria = dict.fromkeys(f for c in deste for f in c["fundamentos_autoria"])
        notificar.append(
            {
                "papel": quem,
                "nome": autor.nome if autor else quem,
                "fundamento": "; ".join(da_autoria),
                "infracoes": list(dict.fromkeys(c["infracao_aplicavel"] for c in deste)),
            }
        )
    documentos = list(dict.fromkeys(d for c in avaliacao["constatacoes"] for d in c["documentos"]))
    ordens = list(
        dict.fromkeys(o for c in avaliacao["constatacoes"] for o in c["ordens_estrangeira"])
    )
    return {
        **avaliacao,
        "medidas_detalhadas": medidas,
        "notificar_detalhado": notificar,
        "documentos": [
            {"id": d, "nome": tabela.documentos[d].nome if d in tabela.documentos else d}
            for d in documentos
        ],
        "ordens": [
            tabela.ordens_embarcacao_estrangeira.ordens[o].nome
            if o in tabela.ordens_embarcacao_estrangeira.ordens
            else o
            for o in ordens
        ],
    }
