"""Os campos do formulário de cada ato do processo, derivados do modelo de dados que o
serviço exige para aquele tipo (`farol.services.comandos.modelo_dos_dados`) e das marcas do
quadro de estados (`ciencia` pede o meio; `aceita_anexo` aceita um arquivo).

Nada aqui decide o que é permitido: a lista de atos vem de `atos_possiveis` (o quadro de
estados para o papel do usuário, com as guardas avaliadas hoje) e a validação é a do modelo do
tipo do ato e a de `registrar_ato`. Aqui está só a forma de perguntar cada dado (com os
limites que o modelo impõe, mostrados no campo), de conferir o formulário inteiro de uma vez
(`conferir`: todos os erros de formato juntos, cada um no seu campo) e de transformar o
formulário no `NovoAto`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, get_args, get_origin

import annotated_types
from pydantic import BaseModel, ValidationError
from starlette.datastructures import FormData, UploadFile

from farol import entrada
from farol.domain.procedimento.carregar import carregar_regime
from farol.domain.procedimento.maquina import Maquina
from farol.erros import EntradasInvalidas
from farol.formatos import moeda, numero
from farol.normas.citacoes import citacao
from farol.normas.comunicacao import comunicacao
from farol.normas.custodia import dados_custodia
from farol.normas.infracoes import catalogo
from farol.normas.poluicao import dados_poluicao
from farol.services.anexos import TAMANHO_MAXIMO, Arquivo
from farol.services.comandos import (
    DadosAcordao,
    DadosBaixaDividaAtiva,
    DadosCiencia,
    DadosComunicacaoCancelamento,
    DadosConversao,
    DadosConversaoPoluicao,
    DadosCorrecao,
    DadosDecisao,
    DadosDecisaoComPenalidade,
    DadosDecisaoPoluicao,
    DadosDespacho,
    DadosDespesa,
    DadosEditalCustodia,
    DadosEditalLeilao,
    DadosEntrega,
    DadosLacres,
    DadosLaudo,
    DadosLavratura,
    DadosLeiloeiro,
    DadosLevantamento,
    DadosLiberacao,
    DadosNaoComparecimento,
    DadosPagamento,
    DadosPagamentoCustodia,
    DadosProcurador,
    DadosReclamacao,
    DadosRegularizacao,
    DadosResultadoLeilao,
    DadosRetencao,
    DadosSobrestamento,
    Lacre,
    modelo_dos_dados,
)
from farol.services.comunicacao import faltas_da_publicacao
from farol.services.custodias import NovaCustodia
from farol.services.processos import (
    CAMPO_DOS_FUNDAMENTOS,
    EXIGE_FUNDAMENTOS,
    NovoAto,
    recusa_sem_fundamentos,
)
from farol.services.resultados.lista_processos import AtoPossivel
from farol.web import filtros
from farol.web.formularios import Erros, aninhar, erro_farol, erros_pydantic, numero_do_campo

CAMPO_ARQUIVO = "arquivo"
LINHAS_EM_BRANCO = 5
"""Linhas em branco de uma lista (os lacres) no formulário sem JS; com JS, "Adicionar" põe mais."""
LISTAS_EM_LINHAS = ("dados.lacres", "recolhimento.lacres")
"""Campos que são listas de linhas (`dados.lacres.0.numero` ...): as linhas em branco não vão."""
_LINHA = re.compile(r"^(?P<lista>[a-z_.]+)\.(?P<n>\d{1,3})\.(?P<campo>[a-z_]+)$")


@dataclass(frozen=True)
class Limites:
    """Os limites que o modelo de dados impõe a um campo (Field(max_length=..., ge=...))."""

    min_caracteres: int | None = None
    max_caracteres: int | None = None
    minimo: Decimal | None = None
    """Mínimo incluído (ge)."""
    maior_que: Decimal | None = None
    """Mínimo excluído (gt)."""
    maximo: Decimal | None = None
    """Máximo incluído (le)."""

    def texto(self, tipo: str) -> str:
        """'até 4.000 caracteres', 'de 20 a 4.000 caracteres', 'de 1 a 5', 'maior que zero'."""
        if self.max_caracteres is not None and tipo in ("text", "textarea"):
            maximo = f"{numero(self.max_caracteres)} caracteres"
            if self.min_caracteres and self.min_caracteres > 1:
                return f"de {numero(self.min_caracteres)} a {maximo}"
            return f"até {maximo}"
        if tipo not in ("numero", "dinheiro"):
            return ""
        if self.minimo is not None and self.maximo is not None:
            return f"de {numero(self.minimo)} a {numero(self.maximo)}"
        if self.maior_que is not None:
            quanto = "zero" if self.maior_que == 0 else numero(self.maior_que)
            return f"maior que {quanto}"
        if self.minimo is not None:
            return f"no mínimo {numero(self.minimo)}"
        if self.maximo is not None:
            return f"no máximo {numero(self.maximo)}"
        return ""


@dataclass(frozen=True)
class Campo:
    nome: str
    rotulo: str
    tipo: str  # date, text, textarea, select, checkbox, dinheiro, numero, arquivo, linhas
    obrigatorio: bool = False
    opcoes: tuple[tuple[str, str], ...] = ()
    ajuda: str = ""
    padrao: str = ""
    limites: Limites = Limites()
    colunas: tuple[Campo, ...] = ()
    """Numa lista de linhas (tipo `linhas`): os campos de cada linha, com o nome relativo."""
    item: str = ""
    """Numa lista de linhas: o nome de uma linha ("lacre")."""

    @property
    def atributos(self) -> str:
        """Os atributos HTML dos limites (`maxlength`, `minlength`; `min` e `max` nas datas)."""
        partes = []
        if self.tipo in ("text", "textarea"):
            if self.limites.max_caracteres is not None:
                partes.append(f'maxlength="{self.limites.max_caracteres}"')
            if self.limites.min_caracteres and self.limites.min_caracteres > 1:
                partes.append(f'minlength="{self.limites.min_caracteres}"')
        elif self.tipo == "date":
            partes.append(f'min="{entrada.ANO_MINIMO:04d}-01-01"')
        return " ".join(partes)

    def numero_de_linhas(self, valores: dict[str, Any]) -> int:
        """Linhas a mostrar numa lista de linhas: as que voltaram preenchidas e uma em branco,
        no mínimo `LINHAS_EM_BRANCO`, no máximo o que o modelo aceita."""
        maximo = self.limites.max_caracteres or LINHAS_EM_BRANCO
        return min(maximo, max(LINHAS_EM_BRANCO, linhas_preenchidas(valores, self.nome) + 1))

    @property
    def ajuda_com_limite(self) -> str:
        """A ajuda do campo e, depois dela, o limite ("até 4.000 caracteres")."""
        limite = self.limites.texto(self.tipo)
        if not limite:
            return self.ajuda
        return f"{self.ajuda}; {limite}" if self.ajuda else limite.capitalize()


@dataclass
class FormularioAto:
    tipo: str
    nome: str
    fundamentos: list[str]
    campos: list[Campo] = field(default_factory=list)
    especial: str = ""  # "penalidades", "lavratura", ""
    data_passada: str = ""
    """O ato que hoje não cabe e cabe com a data do último ato (`AtoPossivel.cabe_com_data`):
    por que não cabe hoje e com que data cabe; a data do formulário vem com ela."""

    @property
    def nomes(self) -> list[str]:
        return [c.nome for c in self.campos]


def _modelo_do_campo(anotacao: Any) -> type[BaseModel] | None:
    """O modelo aninhado de um campo (`PublicacaoDaCiencia | None` -> PublicacaoDaCiencia)."""
    if isinstance(anotacao, type) and issubclass(anotacao, BaseModel):
        return anotacao
    for arg in get_args(anotacao):
        modelo = _modelo_do_campo(arg)
        if modelo is not None:
            return modelo
    return None


def limites_do_campo(modelo: type[BaseModel], nome: str) -> Limites:
    """Os limites de `dados.a.b` no modelo dos dados do ato (e nos modelos aninhados)."""
    if not nome.startswith("dados."):
        return Limites()
    return limites_no_modelo(modelo, nome.split(".")[1:])


def limites_no_modelo(modelo: type[BaseModel], partes: list[str]) -> Limites:
    """Os limites do campo `partes` (`["recolhimento", "local_guarda"]`) no modelo."""
    atual: type[BaseModel] | None = modelo
    info = None
    for parte in partes:
        if atual is None or parte not in atual.model_fields:
            return Limites()
        info = atual.model_fields[parte]
        atual = _modelo_do_campo(info.annotation)
    if info is None:
        return Limites()
    valores: dict[str, Any] = {}
    # numa lista (códigos separados por vírgula no formulário), o tamanho conta os itens, não
    # os caracteres do campo
    lista = get_origin(info.annotation) is list
    for m in info.metadata:
        if lista and isinstance(m, (annotated_types.MinLen, annotated_types.MaxLen)):
            continue
        if isinstance(m, annotated_types.MinLen):
            valores["min_caracteres"] = m.min_length
        elif isinstance(m, annotated_types.MaxLen):
            valores["max_caracteres"] = m.max_length
        elif isinstance(m, annotated_types.Ge):
            valores["minimo"] = Decimal(str(m.ge))
        elif isinstance(m, annotated_types.Gt):
            valores["maior_que"] = Decimal(str(m.gt))
        elif isinstance(m, annotated_types.Le):
            valores["maximo"] = Decimal(str(m.le))
    return Limites(**valores)


def campos_do_ato(tipo: str, detalhe: dict[str, Any]) -> tuple[list[Campo], str]:
    maquina = carregar_regime(detalhe["regime"])
    modelo = modelo_dos_dados(maquina, tipo)
    campos = [Campo("data_ato", "Data do ato", "date", True, padrao=detalhe["hoje"])]
    especial = ""
    if modelo is DadosLavratura:
        especial = "lavratura"
        campos.append(Campo("dados.descricao", "Descrição dos fatos", "textarea"))
        notificadas = [i for i in detalhe.get("infracoes", ()) if i.get("autor_tipo")]
        if notificadas and not detalhe.get("auto"):
            como = "; ".join(f"{i['codigo']} como {catalogo().autores[i['autor_tipo']].nome}"
                             for i in notificadas)  # fmt: skip
            campos.append(Campo(
                "dados.motivo_autoria",
                "Motivo da mudança da autoria",
                "textarea",
                ajuda="exigido se o auto imputa infração em papel diferente do da Notificação "
                f"para Comparecimento ({como})",
            ))  # fmt: skip
        if detalhe.get("acordao"):
            campos.append(Campo(
                "dados.justificativa",
                "Justificativa das infrações não apontadas pelo Acórdão",
                "textarea",
                ajuda="exigida se o auto traz infração fora das apontadas pelo Acórdão nº "
                f"{detalhe['acordao']['numero']}: "
                f"{', '.join(detalhe['acordao']['infracoes_apontadas']) or 'nenhuma'}",
            ))  # fmt: skip
    elif modelo is DadosDecisaoComPenalidade:
        especial = "penalidades"
        campos.append(
            Campo(
                "dados.justificativa",
                "Justificativa da penalidade",
                "textarea",
                True,
                ajuda="obrigatória, ao menos 20 caracteres "
                f"({catalogo().regras.valor_pela_autoridade.referencia()})",
            )
        )
    elif modelo is DadosLaudo:
        campos += _campos_do_laudo()
    elif modelo is DadosDecisaoPoluicao:
        campos += _campos_da_valoracao(detalhe)
    elif modelo is DadosRetencao:
        campos += [
            Campo(
                "dados.toneladas_oleo_granel",
                "Óleo a granel transportado como carga (toneladas)",
                "numero",
                True,
            ),
            Campo("dados.texto", "O que se constatou a bordo", "textarea", True),
        ]
    elif modelo is DadosLiberacao:
        formas = dados_poluicao().retencao_clc.liberacao
        campos += [
            Campo(
                "dados.liberacao",
                "Liberação por",
                "select",
                True,
                opcoes=tuple((k, f.nome) for k, f in formas.items()),
            ),
            Campo(
                "dados.valor_caucao",
                "Valor da caução depositada (R$)",
                "dinheiro",
                ajuda="só na liberação pela caução",
            ),
            Campo("dados.documento", "Certificado ou comprovante do depósito", "text", True),
            Campo("dados.texto", "Observações", "textarea"),
        ]
    elif modelo is DadosDecisao:
        campos.append(Campo("dados.fundamentacao", "Fundamentação", "textarea", True))
    elif modelo is DadosConversao:
        campos += _campos_da_conversao(maquina, tipo)
    elif modelo is DadosConversaoPoluicao:
        campos += _campos_da_conversao_poluicao(maquina, tipo)
    elif modelo is DadosPagamento:
        campos += [
            Campo(
                "dados.valor",
                "Valor pago (R$)",
                "dinheiro",
                True,
                padrao=detalhe.get("saldo") or "",
                ajuda=f"valor devido: {moeda(detalhe.get('saldo') or '0.00')}",
            ),
            Campo("dados.referencia", "Referência do pagamento (GRU/DARF)", "text", True),
        ]
    elif modelo is DadosBaixaDividaAtiva:
        campos += [
            Campo(
                "dados.forma",
                "O que a PGFN comunicou",
                "select",
                True,
                opcoes=(
                    ("quitacao", "Quitação da dívida"),
                    ("extincao", "Extinção ou cancelamento da inscrição"),
                ),
            ),
            Campo(
                "dados.documento",
                "Documento da PGFN que a comunica (ofício, certidão: número e data)",
                "text",
                True,
            ),
            Campo("dados.texto", "Observações", "textarea"),
        ]
    elif modelo is DadosComunicacaoCancelamento:
        campos += [
            Campo(
                "dados.documento",
                "Documento da OM que comunica a decisão à PGFN (ofício: número e data)",
                "text",
                True,
            ),
            Campo("dados.texto", "Observações", "textarea"),
        ]
    elif modelo is DadosDespacho:
        campos += [
            Campo(
                "dados.texto",
                "Despacho",
                "textarea",
                True,
                ajuda="a prescrição intercorrente recomeça da data do despacho "
                f"({citacao('prescricao_intercorrente').referencia()})",
            ),
            Campo(
                "dados.documento", "Documento (ofício ao Tribunal Marítimo, por exemplo)", "text"
            ),
        ]
    elif modelo is DadosSobrestamento:
        campos += [
            Campo(
                "dados.inquerito", "Inquérito (IAFN) pendente no Tribunal Marítimo", "text", True
            ),
            Campo("dados.poluicao", "Infração de poluição das águas", "checkbox"),
        ]
    elif modelo is DadosAcordao:
        campos += [
            Campo("dados.numero", "Número do Acórdão do Tribunal Marítimo", "text", True),
            Campo("dados.publicado_em", "Data de publicação do Acórdão", "date", True),
            Campo(
                "dados.infracoes_apontadas",
                "Infrações apontadas pelo Acórdão",
                "text",
                ajuda="códigos separados por vírgula (ex.: RLESTA.23.IV); em branco se não "
                "apontou nenhuma",
            ),
            Campo("dados.medidas_preventivas", "Medidas preventivas propostas", "textarea"),
        ]
    elif modelo is DadosCorrecao:
        atos = tuple((str(a["id"]), f"{a['seq']}. {a['nome']}") for a in detalhe["atos"])
        campos += [
            Campo("corrige_ato_id", "Ato corrigido", "select", True, opcoes=atos),
            Campo("dados.motivo", "Motivo da correção", "textarea", True),
        ]
    elif modelo is DadosCiencia:
        campos += _campos_da_ciencia(maquina, detalhe)
    elif modelo is DadosNaoComparecimento:
        campos += [
            Campo(
                "dados.intimacao",
                "Intimação para comparecer",
                "text",
                True,
                ajuda="número, meio (pessoal, AR, edital) e prazo; a data do ato é o último dia "
                "desse prazo, do qual a defesa corre",
            ),
            Campo("dados.intimado_em", "Data da intimação", "date", True),
            Campo(
                "dados.comparecer_ate",
                "Último dia do prazo da intimação",
                "date",
                True,
                ajuda="a data do ato deve ser esta",
            ),
            Campo("dados.texto", "Observações", "textarea"),
        ]
    elif modelo is DadosProcurador:
        campos += _campos_do_procurador()
    elif modelo in CAMPOS_DA_CUSTODIA:
        especial = "levantamento" if modelo is DadosLevantamento else ""
        campos += CAMPOS_DA_CUSTODIA[modelo](detalhe)
        if maquina.tem_marca(tipo, "aceita_anexo"):
            prova = "Prova (documento ou foto: PDF, JPEG, PNG, ODT ou DOCX)"
            campos.append(_campo_do_anexo(prova) if especial else _campo_do_anexo())
    elif maquina.tem_marca(tipo, EXIGE_FUNDAMENTOS):
        fonte = maquina.marca(EXIGE_FUNDAMENTOS).fontes[0]
        campos.append(
            Campo(
                f"dados.{CAMPO_DOS_FUNDAMENTOS}",
                "Fundamentos do pedido de reexame",
                "textarea",
                ajuda="escreva-os aqui ou anexe o documento que os expõe: sem nenhum dos dois o "
                f'ato não se registra ({fonte.referencia()}: "{fonte.texto}")',
            )
        )
        if maquina.tem_marca(tipo, "aceita_anexo"):
            campos.append(_campo_do_anexo())
    else:
        campos.append(Campo("dados.texto", "Texto / observações", "textarea"))
        if maquina.tem_marca(tipo, "aceita_anexo"):
            campos.append(_campo_do_anexo())
    campos = [_com_limites(modelo, c) for c in campos]
    return campos, especial


def _com_limites(modelo: type[BaseModel], c: Campo) -> Campo:
    """O campo com os limites do modelo (e os de cada coluna de uma lista de linhas)."""
    colunas = tuple(
        replace(x, limites=limites_do_campo(modelo, f"{c.nome}.{x.nome}")) for x in c.colunas
    )
    return replace(c, limites=limites_do_campo(modelo, c.nome), colunas=colunas)


def _campo_do_anexo(rotulo: str = "Documento (PDF, JPEG, PNG, ODT ou DOCX)") -> Campo:
    limite = TAMANHO_MAXIMO // (1024 * 1024)
    return Campo(
        CAMPO_ARQUIVO,
        rotulo,
        "arquivo",
        ajuda=f"até {limite} MiB; fica anexado ao processo com o seu SHA-256",
    )


# --- custódia (procedimento_custodia.yaml; dados/custodia.yaml) -----------------------------


def opcoes_de_qualidade(valores: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """As qualidades admitidas (fiel depositário, quem recebe) com o nome do tipo de autor."""
    return tuple((v, filtros.qualidade(v)) for v in valores)


def campo_dos_lacres(nome: str, obrigatorio: bool) -> Campo:
    """Os lacres (NORMAM-07 item 0310, Anexo 3-E): uma linha por lacre, número, tipo e local."""
    colunas = tuple(
        Campo(k, rotulo, "text", True, ajuda=Lacre.model_fields[k].description or "")
        for k, rotulo in (
            ("numero", "Número"),
            ("tipo", "Tipo"),
            ("local_aplicacao", "Local de aplicação"),
        )
    )
    return Campo(
        nome,
        "Lacres aplicados",
        "linhas",
        obrigatorio,
        item="lacre",
        ajuda="uma linha por lacre (número, tipo e onde foi aplicado); linhas em branco não contam",
        colunas=colunas,
    )


def _ajuda_do_depositario() -> str | None:
    """O efeito da qualidade do fiel depositário nas contas (custodia.yaml, `sem_diarias`)."""
    sem = dados_custodia().diarias.sem_diarias
    if sem is None:
        return None
    quais = ", ".join(filtros.qualidade(q) for q in sem.depositarios)
    return (
        f"com {quais} como depositário, as diárias da tabela da OM não correm ({sem.referencia()})"
    )


def campos_do_recolhimento() -> list[Campo]:
    """O Auto de Apreensão (recolhimento à guarda, `DadosRecolhimento`): local, estado na
    chegada, fiel depositário (LESTA art. 17 § 1º) e os lacres aplicados."""
    d = dados_custodia()
    campos = [
        Campo("data_ato", "Data do recolhimento", "date", True),
        Campo("recolhimento.local_guarda", "Local da guarda", "text", True),
        Campo(
            "recolhimento.estado_na_chegada",
            "Estado da embarcação na chegada",
            "textarea",
            True,
            ajuda="casco, motor, equipamentos e avarias à vista",
        ),
        *campos_de_identificacao(
            "recolhimento.fiel_depositario",
            "do fiel depositário",
            d.qualidades_do_depositario.valores,
            endereco=True,
            ajuda_qualidade=_ajuda_do_depositario(),
        ),
        campo_dos_lacres("recolhimento.lacres", False),
        Campo("recolhimento.texto", "Observações", "textarea"),
    ]
    return [
        replace(
            c,
            limites=limites_no_modelo(NovaCustodia, c.nome.split(".")),
            colunas=tuple(
                replace(x, limites=limites_no_modelo(NovaCustodia, [*c.nome.split("."), x.nome]))
                for x in c.colunas
            ),
        )
        for c in campos
    ]


def campos_de_identificacao(
    prefixo: str,
    quem: str,
    qualidades: tuple[str, ...] = (),
    endereco: bool = False,
    ajuda_qualidade: str | None = None,
) -> list[Campo]:
    """Nome, CPF/CNPJ e, se a norma a restringe, a qualidade de quem assina o termo."""
    campos = [
        Campo(f"{prefixo}.nome", f"Nome {quem}", "text", True),
        Campo(f"{prefixo}.documento", f"CPF ou CNPJ {quem}", "text", True),
    ]
    if qualidades:
        campos.append(
            Campo(
                f"{prefixo}.qualidade",
                "Na qualidade de",
                "select",
                True,
                opcoes=opcoes_de_qualidade(qualidades),
                ajuda=ajuda_qualidade or "",
            )
        )
    if endereco:
        campos.append(Campo(f"{prefixo}.endereco", f"Endereço {quem}", "text"))
    return campos


def _custodia_do_detalhe(detalhe: dict[str, Any]) -> dict[str, Any]:
    return detalhe.get("custodia") or {}


def _campos_dos_lacres(detalhe: dict[str, Any]) -> list[Campo]:
    return [
        campo_dos_lacres("dados.lacres", True),
        Campo("dados.texto", "Observações", "textarea"),
    ]


def _campos_da_despesa(detalhe: dict[str, Any]) -> list[Campo]:
    d = dados_custodia()
    return [
        Campo(
            "dados.item",
            "Despesa",
            "select",
            True,
            opcoes=tuple((k, v.nome) for k, v in d.despesas_avulsas.items()),
            ajuda="; ".join(
                dict.fromkeys(v.fonte.referencia() for v in d.despesas_avulsas.values())
            ),
        ),
        Campo("dados.valor", "Valor (R$)", "dinheiro", True),
        Campo("dados.descricao", "Descrição", "text", True),
        Campo("dados.comprovante", "Comprovante (nota, recibo, guia)", "text", True),
    ]


def _campos_do_pagamento_custodia(detalhe: dict[str, Any]) -> list[Campo]:
    c = _custodia_do_detalhe(detalhe)
    saldo = str(c.get("saldo_custodia") or "")
    multas = Decimal(str(c.get("total_devido") or "0")) - Decimal(saldo or "0")
    return [
        Campo(
            "dados.valor",
            "Valor pago (R$)",
            "dinheiro",
            True,
            padrao=saldo,
            ajuda=f"falta pagar hoje das despesas da custódia: {moeda(saldo or '0.00')}"
            + (
                f"; as multas ({moeda(multas)}) se pagam no processo de origem"
                if multas > 0
                else ""
            ),
        ),
        Campo("dados.referencia", "Guia ou comprovante do pagamento", "text", True),
    ]


def _campos_da_regularizacao(detalhe: dict[str, Any]) -> list[Campo]:
    return [Campo("dados.prova", "O que foi sanado e com que prova", "textarea", True)]


def _campos_do_edital(detalhe: dict[str, Any]) -> list[Campo]:
    return [
        Campo("dados.publicacao", "Onde foi publicado ou afixado", "text", True),
        Campo("dados.texto", "Texto / observações", "textarea"),
    ]


def _campos_da_reclamacao(detalhe: dict[str, Any]) -> list[Campo]:
    return [
        *campos_de_identificacao("dados.reclamante", "de quem reclama", endereco=True),
        Campo("dados.prova", "Prova da propriedade", "textarea", True),
    ]


def _campos_da_entrega(detalhe: dict[str, Any]) -> list[Campo]:
    quem = dados_custodia().qualidades_de_quem_recebe
    norma = carregar_regime(detalhe["regime"]).marca("entrega_bem").fontes[0]
    return [
        *campos_de_identificacao("dados.recebedor", "de quem recebe", quem.valores),
        Campo(
            "dados.declaracao",
            "Declaração de quem recebe: o estado de conservação e os equipamentos",
            "textarea",
            True,
            ajuda="O que quem recebe declara, nas palavras dele. "
            f'{norma.referencia()}: "{norma.texto}"',
        ),
    ]


def _campos_do_edital_leilao(detalhe: dict[str, Any]) -> list[Campo]:
    return [
        Campo("dados.data_leilao", "Data do leilão", "date", True),
        Campo("dados.local", "Local do leilão", "text", True),
        Campo("dados.valor_avaliacao", "Valor de avaliação (R$)", "dinheiro", True),
        Campo("dados.jornal", "Jornal de maior circulação em que foi publicado", "text", True),
    ]


def _campos_do_leiloeiro(detalhe: dict[str, Any]) -> list[Campo]:
    return [
        *campos_de_identificacao("dados.leiloeiro", "do leiloeiro"),
        Campo(
            "dados.matricula",
            "Matrícula na Junta Comercial (leiloeiro público)",
            "text",
            False,
            ajuda="o leiloeiro público é o preferido, não o único (NORMAM-07 item 0313)",
        ),
        Campo("dados.portaria", "Número da Portaria de designação", "text", True),
    ]


def _campos_do_resultado_leilao(detalhe: dict[str, Any]) -> list[Campo]:
    return [
        Campo("dados.valor_arrematado", "Valor arrematado (R$)", "dinheiro", True),
        *campos_de_identificacao("dados.arrematante", "do arrematante"),
    ]


def _campos_do_levantamento(detalhe: dict[str, Any]) -> list[Campo]:
    em_vigor = tuple(
        (str(m["id"]), f"{m['nome']} (aplicada em {filtros.data_hora(m['aplicada_em'])})")
        for m in detalhe.get("medidas", [])
        if m["em_vigor"] and not m.get("custodia_id")
    )
    return [
        Campo("dados.medida_id", "Medida levantada", "select", True, opcoes=em_vigor),
        Campo(
            "dados.motivo",
            "Motivo: o que cessou (a causa sanada) e com que prova",
            "textarea",
            True,
        ),
    ]


CAMPOS_DA_CUSTODIA = {
    DadosLacres: _campos_dos_lacres,
    DadosDespesa: _campos_da_despesa,
    DadosPagamentoCustodia: _campos_do_pagamento_custodia,
    DadosRegularizacao: _campos_da_regularizacao,
    DadosEditalCustodia: _campos_do_edital,
    DadosReclamacao: _campos_da_reclamacao,
    DadosEntrega: _campos_da_entrega,
    DadosEditalLeilao: _campos_do_edital_leilao,
    DadosLeiloeiro: _campos_do_leiloeiro,
    DadosResultadoLeilao: _campos_do_resultado_leilao,
    DadosLevantamento: _campos_do_levantamento,
}
"""Os campos de cada ato da custódia e do levantamento de medida, pelo modelo dos dados."""


def _aberto_pelo_ato(maquina: Maquina, tipo: str) -> str:
    """O nome do procedimento que o ato abre (o regime que o quadro declara, `abre_regime`)."""
    t = maquina.transicao_do_tipo(tipo)
    regime = t.abre_regime if t is not None else None
    nome = carregar_regime(regime).nome if regime else ""
    return nome[:1].lower() + nome[1:]


def _campos_da_conversao(maquina: Maquina, tipo: str) -> list[Campo]:
    """A conclusão que abre o procedimento da LESTA (`DadosConversao`): as infrações
    constatadas, a fundamentação e a data de comparecimento da notificação."""
    return [
        Campo(
            "dados.infracoes",
            "Infrações constatadas",
            "text",
            True,
            ajuda="códigos separados por vírgula (ex.: RLESTA.16.II); abre o "
            + _aberto_pelo_ato(maquina, tipo),
        ),
        Campo("dados.fundamentacao", "Fundamentação", "textarea", True),
        Campo(
            "dados.comparecimento_em",
            "Data de comparecimento na notificação",
            "date",
            ajuda="só quando a norma em vigor no ato não fixa o prazo",
        ),
    ]


def _campos_da_conversao_poluicao(maquina: Maquina, tipo: str) -> list[Campo]:
    """A conclusão que abre o procedimento ambiental (`DadosConversaoPoluicao`): os dados do
    Auto de Infração por poluição e a fundamentação; a data do fato é a da apuração ou do
    inquérito de origem."""
    infracoes = dados_poluicao().infracoes
    return [
        Campo(
            "dados.descricao",
            "Descrição dos fatos (do Auto de Infração)",
            "textarea",
            True,
            ajuda="abre o " + _aberto_pelo_ato(maquina, tipo),
        ),
        Campo(
            "dados.infracao",
            "Infração",
            "select",
            True,
            opcoes=tuple((k, f"{k} — {r.descricao}") for k, r in infracoes.items()),
            padrao=next(iter(infracoes)),
        ),
        Campo("dados.local", "Local do incidente", "text", True),
        Campo("dados.substancia", "Óleo, derivado ou substância", "text", True),
        Campo("dados.volume_estimado_litros", "Volume estimado (litros)", "numero"),
        Campo("dados.fundamentacao", "Fundamentação da constatação", "textarea", True),
    ]


def _campos_do_laudo() -> list[Campo]:
    """O LTA (NORMAM-401 itens 1.4.2 c e 1.5.1): os parâmetros e o nível de impacto, com as
    opções dos dados da norma (dados/poluicao.yaml)."""
    d = dados_poluicao()
    return [
        Campo("dados.numero", "Identificação do LTA", "text", True),
        Campo("dados.elaborado_em", "Data do LTA", "date", True),
        Campo("dados.signatario", "Oficial que assina (posto e nome)", "text", True),
        Campo("dados.volume_litros", "Volume derramado (litros)", "numero", True),
        Campo(
            "dados.persistencia_grupo",
            "Grupo de persistência do óleo",
            "select",
            True,
            opcoes=tuple((str(g), f"grupo {g}") for g in d.persistencia.grupos),
            ajuda=d.persistencia.fonte.referencia(),
        ),
        Campo(
            "dados.sensibilidade",
            "Sensibilidade ambiental (carta SAO)",
            "text",
            True,
            ajuda=d.sensibilidade.fonte.referencia(),
        ),
        Campo("dados.carta_sao", "Carta SAO consultada", "text"),
        *(
            Campo(
                f"dados.acao_resposta.{q}",
                f"Ação de resposta — {nome} (pontos)",
                "numero",
                True,
                ajuda=d.acao_resposta.fonte.referencia(),
            )
            for q, nome in d.acao_resposta.quesitos.items()
        ),
        Campo(
            "dados.nivel_impacto",
            "Nível de impacto ambiental",
            "select",
            True,
            opcoes=tuple((str(n), f"{n} — {nome}") for n, nome in d.niveis_impacto.niveis.items()),
            ajuda=d.niveis_impacto.fonte.referencia(),
        ),
        Campo("dados.texto", "Conclusão do laudo", "textarea"),
    ]


def _campos_da_valoracao(detalhe: dict[str, Any]) -> list[Campo]:
    faixas = [
        f"{moeda(v.versoes[-1].valor.minimo)} a {moeda(v.versoes[-1].valor.maximo)} "
        f"(Grupo {r.grupo}, {v.versoes[-1].fonte.referencia()})"
        for r in dados_poluicao().infracoes.values()
        for v in (r.faixa,)
        if v.versoes[-1].valor is not None
    ]
    return [
        Campo(
            "dados.multa_base",
            "Multa-base (R$)",
            "dinheiro",
            True,
            ajuda="antes da reincidência, que o Farol aplica (o triplo se houver outra multa por "
            "poluição há menos de 36 meses); o resultado fica em " + "; ".join(faixas),
        ),
        Campo(
            "dados.situacao_economica.valor_anual",
            "Receita bruta anual (empresa) ou rendimento anual (pessoa física), R$",
            "dinheiro",
            ajuda="classifica a situação econômica do infrator (exigida na NORMAM-401)",
        ),
        Campo("dados.situacao_economica.fonte", "De onde vem o valor anual", "text"),
        Campo(
            "dados.justificativa",
            "Justificativa da multa (parâmetros do LTA considerados)",
            "textarea",
            True,
        ),
    ]


def _campos_da_ciencia(maquina: Maquina, detalhe: dict[str, Any]) -> list[Campo]:
    """O meio (da marca `ciencia` do quadro), o procurador que a recebeu e, na publicação
    oficial (dados/comunicacao.yaml), o veículo, a data, a referência, a hipótese e a
    justificativa."""
    marca = maquina.marca("ciencia")
    pub = comunicacao().publicacao_oficial
    com = comunicacao()
    rotulo = {pub.meio: f"{com.nome_do_meio(pub.meio)} ({pub.fundamento})"}
    nenhum = ("", "—")
    campos = [
        Campo(
            "dados.meio",
            "Meio da ciência",
            "select",
            True,
            opcoes=tuple((m, rotulo.get(m, com.nome_do_meio(m))) for m in marca.meios),
            padrao=marca.meios[0],
        )
    ]
    if detalhe.get("procuradores"):
        procuradores = (
            (str(x["id"]), f"procurador {x['nome']}" + (f" (OAB {x['oab']})" if x["oab"] else ""))
            for x in detalhe["procuradores"]
        )
        campos.append(
            Campo(
                "dados.procurador_id",
                "Ciência dada a",
                "select",
                opcoes=(("", "o próprio interessado"), *procuradores),
                ajuda=comunicacao().procurador.fundamento,
            )
        )
    so_na_publicacao = f"só na ciência por {com.nome_do_meio(pub.meio)}"
    campos += [
        Campo(
            "dados.publicacao.veiculo",
            "Publicado em",
            "select",
            opcoes=(nenhum, *((v.id, v.nome) for v in pub.veiculos)),
            ajuda=f"{so_na_publicacao}: {pub.veiculos[0].fundamento}",
        ),
        Campo(
            "dados.publicacao.publicado_em",
            "Data da publicação",
            "date",
            ajuda="é a data do ato: o prazo corre do dia seguinte a ela "
            f"({pub.fundamento_do_prazo})",
        ),
        Campo(
            "dados.publicacao.referencia",
            "Referência da publicação",
            "text",
            ajuda="endereço da página, edição/seção/página do DOU ou registro da afixação",
        ),
        Campo(
            "dados.hipotese",
            "O interessado é",
            "select",
            opcoes=(nenhum, *((h.id, h.nome) for h in pub.hipoteses)),
            ajuda=f"{so_na_publicacao} ({pub.fundamento})",
        ),
        Campo("dados.justificativa", "Justificativa da publicação", "textarea"),
        Campo("dados.texto", "Texto / observações", "textarea"),
    ]
    return campos


def _campos_do_procurador() -> list[Campo]:
    """O procurador e o instrumento de procuração específico, obrigatório."""
    limite = TAMANHO_MAXIMO // (1024 * 1024)
    return [
        Campo("dados.nome", "Nome do procurador", "text", True),
        Campo("dados.cpf", "CPF do procurador", "text", True),
        Campo("dados.oab", "Inscrição na OAB (se advogado)", "text"),
        Campo("dados.email", "E-mail do procurador", "text", ajuda="o e-mail ou o endereço"),
        Campo("dados.endereco", "Endereço do procurador", "text"),
        Campo(
            CAMPO_ARQUIVO,
            "Instrumento de procuração específico (PDF, JPEG, PNG, ODT ou DOCX)",
            "arquivo",
            True,
            ajuda=f"obrigatório, até {limite} MiB; fica anexado ao ato com o seu SHA-256 "
            f"({comunicacao().procurador.fundamento})",
        ),
    ]


def formularios(detalhe: dict[str, Any], possiveis: list[AtoPossivel]) -> list[FormularioAto]:
    """Um formulário para cada ato que cabe hoje (`atos_possiveis`, na ordem do quadro) e para
    o que cabe só com a data do último ato (`cabe_com_data`: a entrega feita há dias, com as
    diárias pagas até ela), com essa data e o motivo de hoje; os que as guardas recusam em
    qualquer data não têm formulário (a página os mostra desabilitados)."""
    saida = []
    for a in possiveis:
        if not a.permitido and a.cabe_com_data is None:
            continue
        campos, especial = campos_do_ato(a.tipo, detalhe)
        nota = ""
        if not a.permitido and a.cabe_com_data is not None:
            data = a.cabe_com_data
            campos = [
                replace(c, padrao=data.isoformat()) if c.nome == "data_ato" else c for c in campos
            ]
            nota = (
                f"Com a data de hoje não cabe: {a.motivo}. Com a data de {data:%d/%m/%Y}, a do "
                "último ato do processo, cabe: a data do ato é a do dia em que ele aconteceu, e "
                "o registro confere as contas nela."
            )
        saida.append(FormularioAto(a.tipo, a.nome, a.fundamentos, campos, especial, nota))
    return saida


def conferir(
    tipo: str,
    detalhe: dict[str, Any],
    corpo: dict[str, Any],
    nomes: list[str],
    *,
    com_anexo: bool = False,
) -> Erros:
    """Todos os erros de formato do formulário de uma vez, cada um no seu campo: os do
    `NovoAto` (data do ato), os do modelo dos dados do tipo do ato (o mesmo que o serviço
    aplica depois; `registrar_ato` só devolveria o primeiro) e os fundamentos que o ato exige
    (no texto ou no documento anexado, `com_anexo`: `processos.recusa_sem_fundamentos`, a
    mesma recusa do serviço). Vazio: o serviço decide o resto (guardas, faixas, datas em
    relação aos outros atos)."""
    erros = Erros()
    try:
        NovoAto.model_validate(corpo)
    except ValidationError as e:
        erros.juntar(erros_pydantic(e, nomes))
    maquina = carregar_regime(detalhe["regime"])
    dados = corpo.get("dados") or {}
    modelo = modelo_dos_dados(maquina, tipo)
    if modelo is DadosCiencia and (faltas := faltas_da_publicacao(dados)):
        # antes das do modelo: cada dado da publicação que falta com a sua mensagem, sem
        # "campo obrigatório ausente" nem o código das opções
        erros.juntar(erro_farol(EntradasInvalidas(faltas), nomes))
    if modelo is DadosLavratura and not dados.get("infracoes"):
        # as caixas das infrações todas desmarcadas: o dizer do formulário, não "campo
        # obrigatório ausente" (no lugar em que a página mostra o erro das infrações)
        erros.adicionar("dados.infracoes", "marque ao menos uma infração do auto")
    try:
        modelo.model_validate(dados)
    except ValidationError as e:
        erros.juntar(erros_pydantic(e, nomes, prefixo="dados."))
    if erros.get("dados.infracoes"):  # o "campo obrigatório" do modelo, no grupo das caixas
        erros.por_campo.pop("dados.infracoes.incluir", None)
    sem_fundamentos = recusa_sem_fundamentos(maquina, tipo, dados, com_anexo=com_anexo)
    if sem_fundamentos is not None:  # o erro de formato do texto, se houver, fica
        erros.juntar(erro_farol(sem_fundamentos, nomes))
    return erros


def _texto(form: FormData, nome: str) -> str:
    v = form.get(nome)
    return v.strip() if isinstance(v, str) else ""


def compactar_linhas(pares: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """As listas de linhas (`LISTAS_EM_LINHAS`) sem as linhas em branco e renumeradas 0, 1, 2
    na ordem da página: o erro do serviço em `dados.lacres.1.tipo` é o da segunda linha que a
    página devolve, e a linha que se deixou em branco no meio não vira um lacre vazio."""
    preenchidas: dict[str, set[int]] = {}
    for nome, valor in pares:
        m = _LINHA.match(nome)
        if m and m["lista"] in LISTAS_EM_LINHAS and isinstance(valor, str) and valor.strip():
            preenchidas.setdefault(m["lista"], set()).add(int(m["n"]))
    nova = {lista: {n: k for k, n in enumerate(sorted(ns))} for lista, ns in preenchidas.items()}
    saida = []
    for nome, valor in pares:
        m = _LINHA.match(nome)
        if m is None or m["lista"] not in LISTAS_EM_LINHAS:
            saida.append((nome, valor))
        elif int(m["n"]) in nova.get(m["lista"], {}):
            saida.append((f"{m['lista']}.{nova[m['lista']][int(m['n'])]}.{m['campo']}", valor))
    return saida


def linhas_preenchidas(valores: dict[str, Any], lista: str) -> int:
    """Quantas linhas da lista voltaram preenchidas (já compactadas: 0 .. n-1)."""
    return len({int(m["n"]) for k in valores if (m := _LINHA.match(k)) and m["lista"] == lista})


def valores(form: FormData) -> dict[str, Any]:
    """Os campos de texto enviados, para devolvê-los ao formulário se o serviço recusar."""
    return {k: v for k, v in compactar_linhas(form.multi_items()) if isinstance(v, str)} | {
        "dados.agravantes": [v for v in form.getlist("dados.agravantes") if isinstance(v, str)],
        "dados.infracoes.incluir": [
            v for v in form.getlist("dados.infracoes.incluir") if isinstance(v, str)
        ],
    }


def montar(tipo: str, form: FormData) -> dict[str, Any]:
    """O corpo de `NovoAto` a partir do formulário (dinheiro em formato brasileiro)."""
    pares: list[tuple[str, Any]] = []
    incluir = set(form.getlist("dados.infracoes.incluir"))
    # acessória não marcada: a sua fundamentação não vai (nome ...acessorias.<k>.fundamentacao)
    marcadas = {
        nome.rsplit(".", 1)[0]
        for nome, valor in form.multi_items()
        if ".acessorias." in nome and nome.endswith(".tipo") and isinstance(valor, str) and valor
    }
    for nome, valor in compactar_linhas(form.multi_items()):
        if ".acessorias." in nome and nome.rsplit(".", 1)[0] not in marcadas:
            continue
        if not isinstance(valor, str) or not nome.startswith("dados."):
            continue
        if nome in ("dados.agravantes", "dados.infracoes.incluir"):
            continue
        texto = valor.strip()
        if nome.startswith("dados.infracoes.") and nome.split(".")[2] not in incluir:
            continue
        if texto == "":
            continue
        texto = numero_do_campo(nome, texto)
        if nome in ("dados.infracoes_apontadas", "dados.infracoes"):  # "A, B" -> lista
            codigos = [c for c in re.split(r"[\s,;]+", texto) if c]
            pares += [(f"{nome}.{k}", c) for k, c in enumerate(codigos)]
            continue
        if nome.endswith((".cancelamento", ".poluicao")):
            pares.append((nome, texto in ("true", "sim", "on")))
            continue
        pares.append((nome, texto))
    corpo: dict[str, Any] = {"tipo": tipo, "data_ato": _texto(form, "data_ato") or None}
    dados = aninhar(pares).get("dados", {})
    agravantes = [v for v in form.getlist("dados.agravantes") if isinstance(v, str)]
    if agravantes:
        dados["agravantes"] = agravantes
    corpo["dados"] = dados
    if _texto(form, "versao"):
        corpo["versao"] = _texto(form, "versao")
    if _texto(form, "corrige_ato_id"):
        corpo["corrige_ato_id"] = _texto(form, "corrige_ato_id")
    return corpo


def arquivo_enviado(form: FormData) -> Arquivo | None:
    """O arquivo do campo `arquivo`, lido até 1 byte além do limite (o serviço recusa)."""
    enviado = form.get(CAMPO_ARQUIVO)
    if not isinstance(enviado, UploadFile) or not enviado.filename:
        return None
    conteudo = enviado.file.read(TAMANHO_MAXIMO + 1)
    return Arquivo(enviado.filename, conteudo)
